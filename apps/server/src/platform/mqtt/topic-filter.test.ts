import { describe, expect, it } from 'vitest';
import { topicMatches } from './topic-filter';

describe('topicMatches', () => {
  it('matches exact topics and single-level wildcards', () => {
    expect(topicMatches('homeward/devices/1/report', 'homeward/devices/1/report')).toBe(true);
    expect(topicMatches('homeward/devices/+/report', 'homeward/devices/42/report')).toBe(true);
    expect(topicMatches('homeward/devices/+/report', 'homeward/devices/42/command')).toBe(false);
    expect(topicMatches('homeward/devices/+', 'homeward/devices/42/report')).toBe(false);
  });

  it('matches multi-level wildcards, including the parent level', () => {
    expect(topicMatches('homeward/devices/#', 'homeward/devices/42/report')).toBe(true);
    expect(topicMatches('homeward/devices/#', 'homeward/devices')).toBe(true);
    expect(topicMatches('homeward/#', 'other/devices')).toBe(false);
  });

  it('keeps wildcards away from $ topics', () => {
    expect(topicMatches('#', '$SYS/broker/uptime')).toBe(false);
    expect(topicMatches('$SYS/#', '$SYS/broker/uptime')).toBe(true);
  });
});
