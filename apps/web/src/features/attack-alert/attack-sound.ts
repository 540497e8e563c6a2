import { useLocalStorage } from '@mantine/hooks';

/** Where the player's choice of an alarm sound is remembered (off unless they switch it on). */
export const ATTACK_SOUND_KEY = 'attack-alert-sound';

export function useAttackSound(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useLocalStorage<boolean>({ key: ATTACK_SOUND_KEY, defaultValue: false, getInitialValueInEffect: false });
  return [on, setOn];
}

/** Two short low tones (Web Audio; nothing where the browser has none or refuses to play before a click). */
export function playAlarm(): void {
  const Context = typeof window === 'undefined' ? undefined : window.AudioContext;
  if (!Context) return;
  try {
    const audio = new Context();
    for (const [at, freq] of [[0, 440], [0.25, 330]] as const) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = freq;
      gain.gain.value = 0.08;
      osc.connect(gain).connect(audio.destination);
      osc.start(audio.currentTime + at);
      osc.stop(audio.currentTime + at + 0.2);
    }
    setTimeout(() => void audio.close(), 1000);
  } catch {
    // A browser that will not play before the player has clicked: the banner and the title still say it.
  }
}
