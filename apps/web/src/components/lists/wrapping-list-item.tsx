import type { ElementType, ReactNode } from 'react';
import Box from '@mui/material/Box';
import ListItem, { type ListItemProps } from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/**
 * A list row that wraps on a narrow screen: the title with its chips and the details below it on
 * the left, the actions on the right (below the rest when there is no room, e.g. at 390 px).
 */
export function WrappingListItem({
  title,
  titleComponent,
  titleTestId,
  badges,
  leading,
  actions,
  children,
  ...listItemProps
}: Omit<ListItemProps, 'title'> & {
  title: ReactNode;
  /** The title's element, e.g. `h3` where the rows are headings under the section's `h2`. */
  titleComponent?: ElementType;
  titleTestId?: string;
  /** Chips shown beside the title. */
  badges?: ReactNode;
  /** Shown before the title and details, e.g. a card's brand logo. */
  leading?: ReactNode;
  actions?: ReactNode;
}) {
  const main = (
    <>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        <Typography
          component={titleComponent ?? 'p'}
          sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
          data-testid={titleTestId}
        >
          {title}
        </Typography>
        {badges}
      </Stack>
      {children}
    </>
  );
  return (
    <ListItem divider disableGutters sx={{ flexWrap: 'wrap', gap: 1 }} {...listItemProps}>
      {leading ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minWidth: 0, flex: '1 1 220px' }}>
          {leading}
          <Box sx={{ minWidth: 0 }}>{main}</Box>
        </Stack>
      ) : (
        <Box sx={{ minWidth: 0, flex: '1 1 220px' }}>{main}</Box>
      )}
      {actions && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {actions}
        </Stack>
      )}
    </ListItem>
  );
}
