/**
 * Whether an MQTT topic matches a subscription filter with `+` (one level) and `#` (the rest)
 * wildcards, as MQTT 3.1.1 §4.7 defines them. The external client hands every message to one
 * listener, so we route them to subscribers ourselves.
 */
export function topicMatches(filter: string, topic: string): boolean {
  const filterLevels = filter.split('/');
  const topicLevels = topic.split('/');
  // Wildcards never match topics starting with '$' (broker-internal topics such as $SYS).
  if (topic.startsWith('$') && (filter.startsWith('+') || filter.startsWith('#'))) return false;
  for (let i = 0; i < filterLevels.length; i += 1) {
    const level = filterLevels[i];
    if (level === '#') return true;
    if (i >= topicLevels.length) return false;
    if (level !== '+' && level !== topicLevels[i]) return false;
  }
  return filterLevels.length === topicLevels.length;
}
