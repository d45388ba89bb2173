type AudioContextClass = typeof AudioContext;

let context: AudioContext | undefined;

/**
 * A short two-tone beep for a new alarm, made with the Web Audio API (no sound file to load).
 * Never throws: without Web Audio (jsdom, old browsers) it is silent, and a browser that blocks
 * sound until the user has interacted with the page just stays quiet; the banner still shows.
 */
export function playAlarmSound(): void {
  try {
    const Context =
      (globalThis as { AudioContext?: AudioContextClass }).AudioContext ??
      (globalThis as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
    if (!Context) return;
    // One context for the page: browsers limit how many may exist.
    context ??= new Context();
    const audio = context;
    if (audio.state === 'suspended') audio.resume().catch(() => undefined);
    const start = audio.currentTime;
    [880, 660].forEach((frequency, index) => {
      const at = start + index * 0.25;
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.type = 'square';
      oscillator.frequency.setValueAtTime(frequency, at);
      gain.gain.setValueAtTime(0.15, at);
      gain.gain.exponentialRampToValueAtTime(0.001, at + 0.22);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.22);
    });
  } catch {
    // Sound is a courtesy; the alarm banner is the signal.
  }
}
