/** Frame recording in a Chromium page, shared by the frame benches. */

/** One display frame at 60 Hz, the goal of a frame's time. */
export const FRAME_MS = 1000 / 60;

// Plain strings: code shipped into the page must not depend on the bundler's helpers.
export const START_RECORDING = `(() => {
  const rec = { frames: [], last: 0, run: true };
  const loop = (t) => { if (rec.last) rec.frames.push(t - rec.last); rec.last = t; if (rec.run) requestAnimationFrame(loop); };
  requestAnimationFrame(loop);
  window.__frames = rec;
})()`;
export const STOP_RECORDING = `(() => { window.__frames.run = false; return window.__frames.frames; })()`;
