import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import InboxIcon from '@mui/icons-material/Inbox';

interface EmptyStateProps {
  title: string;
  description?: string;
  action?: ReactNode;
}

/** What a screen shows when it has nothing to list yet. Texts come translated from the caller. */
export function EmptyState({ title, description, action }: EmptyStateProps) {
  return (
    <Box
      data-testid="empty-state"
      sx={{
        display: 'grid',
        justifyItems: 'center',
        gap: 1,
        py: 8,
        px: 2,
        textAlign: 'center',
        border: 1,
        borderColor: 'divider',
        borderStyle: 'dashed',
        borderRadius: 2,
      }}
    >
      <InboxIcon sx={{ fontSize: 48, color: 'text.disabled' }} />
      <Typography variant="h6" component="p">
        {title}
      </Typography>
      {description && (
        <Typography color="text.secondary" sx={{ maxWidth: 480 }}>
          {description}
        </Typography>
      )}
      {action}
    </Box>
  );
}
