import type { ReactNode, Ref } from 'react';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';

/** The expand/collapse button of a node that has children. */
export interface TreeListExpander {
  open: boolean;
  /** Names the node and what the button does ("Show sub-organizations of North"). */
  label: string;
  testId?: string;
  onToggle(): void;
}

export interface TreeListItemProps {
  depth: number;
  /** Absent for a leaf, which shows `leafIcon` in the expander's place. */
  expander?: TreeListExpander;
  leafIcon: ReactNode;
  primary: string;
  secondary: string;
  selected: boolean;
  onSelect(): void;
  testId: string;
  buttonRef?: Ref<HTMLDivElement>;
  /** The node's menu button, at the row's end. */
  action?: ReactNode;
  /** The children's list (a `<List>`), shown in a list item of its own below the row. */
  nested?: ReactNode;
}

/**
 * One node of a tree drawn as nested lists. The expand button, the node's select button and its
 * menu button sit side by side in one list item, never one inside another (a control inside a
 * button is lost to screen readers and keyboards), and a sub-list sits in a list item of its own.
 */
export function TreeListItem({
  depth,
  expander,
  leafIcon,
  primary,
  secondary,
  selected,
  onSelect,
  testId,
  buttonRef,
  action,
  nested,
}: TreeListItemProps) {
  return (
    <>
      <ListItem disablePadding secondaryAction={action} sx={{ pl: 0.5 + depth * 2.5 }}>
        <Box sx={{ width: 36, flexShrink: 0, display: 'flex', justifyContent: 'center' }}>
          {expander ? (
            <IconButton
              size="small"
              aria-expanded={expander.open}
              aria-label={expander.label}
              data-testid={expander.testId}
              onClick={expander.onToggle}
            >
              {expander.open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
            </IconButton>
          ) : (
            leafIcon
          )}
        </Box>
        <ListItemButton
          ref={buttonRef}
          selected={selected}
          onClick={onSelect}
          sx={{ pl: 1 }}
          data-testid={testId}
        >
          <ListItemText primary={primary} secondary={secondary} />
        </ListItemButton>
      </ListItem>
      {nested && (
        <ListItem disablePadding sx={{ display: 'block' }}>
          {nested}
        </ListItem>
      )}
    </>
  );
}
