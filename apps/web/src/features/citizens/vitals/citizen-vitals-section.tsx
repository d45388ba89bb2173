/**
 * PLACEHOLDER (replaced by the vitals work in this session): the citizen's vitals chart, latest
 * values and thresholds. The citizen page renders it with these props.
 */
export function CitizenVitalsSection(_props: { citizenId: string; canEdit: boolean }) {
  return null;
}
