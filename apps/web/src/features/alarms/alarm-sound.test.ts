import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

const load = async () => (await import('./alarm-sound')).playAlarmSound;

describe('playAlarmSound', () => {
  it('is silent without Web Audio (jsdom)', async () => {
    vi.stubGlobal('AudioContext', undefined);
    expect(await load()).not.toThrow();
  });

  it('never throws when the browser refuses the audio context', async () => {
    vi.stubGlobal(
      'AudioContext',
      class {
        constructor() {
          throw new Error('NotAllowedError');
        }
      },
    );
    expect(await load()).not.toThrow();
  });

  it('plays two tones and asks a suspended context to resume', async () => {
    const started: number[] = [];
    const node = () => ({
      connect: (next: unknown) => next,
      gain: { setValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn() },
      frequency: { setValueAtTime: vi.fn() },
      start: (at: number) => started.push(at),
      stop: vi.fn(),
      type: '',
    });
    const resume = vi.fn(() => Promise.reject(new Error('blocked until the user interacts')));
    vi.stubGlobal(
      'AudioContext',
      class {
        state = 'suspended';
        currentTime = 0;
        destination = {};
        resume = resume;
        createOscillator = node;
        createGain = node;
      },
    );
    (await load())();
    expect(resume).toHaveBeenCalled();
    expect(started).toHaveLength(2);
  });
});
