import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { PropertyChange } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';

/** A stored value as text: strings as they are, null as a dash, anything else as JSON. */
export function formatChangeValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The properties one entity change touched: name, old value → new value. */
export function EntityChangeTable({ changes }: { changes: PropertyChange[] }) {
  const { t } = useTranslation();
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          <TableCell>{t('audit:changes.property')}</TableCell>
          <TableCell>{t('audit:changes.originalValue')}</TableCell>
          <TableCell>{t('audit:changes.newValue')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {changes.map((change) => (
          <TableRow key={change.propertyName} data-testid={`entity-change-${change.propertyName}`}>
            <TableCell>{change.propertyName}</TableCell>
            <TableCell sx={{ wordBreak: 'break-word' }}>{formatChangeValue(change.originalValue)}</TableCell>
            <TableCell sx={{ wordBreak: 'break-word' }}>→ {formatChangeValue(change.newValue)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
