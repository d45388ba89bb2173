/** A CPR number of a real date in the 1900s (7th digit 0-3), different on most calls. */
export function validCpr(): string {
  const digit = () => Math.floor(Math.random() * 10);
  const nonZero = () => 1 + Math.floor(Math.random() * 9);
  return `0${nonZero()}0${nonZero()}45-${Math.floor(Math.random() * 4)}${digit()}${digit()}${digit()}`;
}
