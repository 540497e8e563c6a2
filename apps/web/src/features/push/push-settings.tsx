import { useEffect, useState } from 'react';
import { Alert, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { IconBellRinging, IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PUSH_KIND_KEYS, PUSH_KINDS, type PushKind } from '@brood/contracts';
import { useTRPC } from '../../trpc';
import { PanelLoading } from '../../components/catalogue/panel-states';
import { showSuccess } from '../../lib/toast';
import { currentSubscription, pushSupport, PushRefused, subscribeBrowser, unsubscribeBrowser } from './browser-push';

const WHY_OFF: Record<Exclude<ReturnType<typeof pushSupport>, 'supported'>, string> = {
  unsupported: 'This browser cannot receive push notifications. On an iPhone or iPad, add Broodspace to the home screen first and open it from there.',
  insecure: 'Push notifications need a secure (https) connection to the game.',
};

/** The settings page's push section: this device's switch, then one switch per kind (issue 29). */
export function PushSettings() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const support = pushSupport();
  const publicKey = useQuery({ ...trpc.push.publicKey.queryOptions(), retry: false, meta: { errorToast: false } });
  const preferences = useQuery(trpc.push.preferences.queryOptions());
  const [onHere, setOnHere] = useState<boolean | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const subscribe = useMutation(trpc.push.subscribe.mutationOptions());
  const unsubscribe = useMutation(trpc.push.unsubscribe.mutationOptions());
  const setPreferences = useMutation(
    trpc.push.setPreferences.mutationOptions({ onSuccess: (data) => queryClient.setQueryData(trpc.push.preferences.queryKey(), data) }),
  );

  useEffect(() => {
    void currentSubscription().then((s) => setOnHere(s !== null), () => setOnHere(false));
  }, []);

  const toggleDevice = async (on: boolean) => {
    setBusy(true);
    setProblem(null);
    try {
      if (on) {
        await subscribe.mutateAsync(await subscribeBrowser(publicKey.data!.public_key));
        showSuccess('Push notifications are on for this device.');
      } else {
        const endpoint = await unsubscribeBrowser();
        if (endpoint) await unsubscribe.mutateAsync({ endpoint });
      }
      setOnHere(on);
      await queryClient.invalidateQueries({ queryKey: trpc.push.preferences.queryKey() });
    } catch (error) {
      if (error instanceof PushRefused) setProblem(error.message);
    } finally {
      setBusy(false);
    }
  };

  const whyDisabled = support !== 'supported' ? WHY_OFF[support] : publicKey.isError ? 'Push notifications are not set up on this server (its operator has not configured VAPID keys).' : null;

  return (
    <Paper className="bs-glass" p="lg" data-testid="push-settings">
      <Stack gap="md">
        <Title order={3} fz="lg">
          <IconBellRinging size={18} style={{ verticalAlign: -3, marginRight: 8 }} />
          Push notifications
        </Title>
        <Text fz="sm" c="dimmed">
          Be told on this device when you are attacked, even with the game closed. The browser asks your permission when you switch this on.
        </Text>
        <Switch
          label="Push notifications on this device"
          description={whyDisabled ?? (onHere ? 'This device receives the kinds switched on below.' : 'Off: this device receives nothing.')}
          checked={onHere === true}
          disabled={whyDisabled !== null || onHere === null || busy || publicKey.isPending}
          onChange={(e) => void toggleDevice(e.currentTarget.checked)}
          data-testid="push-device-switch"
        />
        {problem && (
          <Alert color="orange" icon={<IconInfoCircle size={16} />} data-testid="push-problem">
            {problem}
          </Alert>
        )}
        {preferences.isPending ? (
          <PanelLoading label="Loading your push settings..." />
        ) : preferences.data ? (
          <Stack gap="xs" data-testid="push-kinds">
            <Text fw={600} fz="sm">
              What to push ({preferences.data.subscriptions === 1 ? '1 device' : `${preferences.data.subscriptions} devices`})
            </Text>
            {PUSH_KIND_KEYS.map((kind: PushKind) => (
              <Switch
                key={kind}
                label={PUSH_KINDS[kind].label}
                checked={preferences.data[kind]}
                disabled={setPreferences.isPending}
                onChange={(e) => setPreferences.mutate({ [kind]: e.currentTarget.checked })}
              />
            ))}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
