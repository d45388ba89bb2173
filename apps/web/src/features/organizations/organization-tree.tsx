import { useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { Organization } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { CommandTree, CommandTreeNode } from '../../components/tree-list/command-tree';
import { useOrganizationLevel } from './get-organizations';

/** What the user chose in an organization's menu. */
export type OrganizationCommand = 'createChild' | 'edit' | 'move' | 'delete';

export interface OrganizationTreeProps {
  /** Organizations whose children are shown (and loaded). */
  expanded: ReadonlySet<string>;
  onToggle(id: string): void;
  selectedId: string | null;
  onSelect(organization: Organization): void;
  /** Only the commands the user may run; no menu when empty. */
  commands: OrganizationCommand[];
  onCommand(command: OrganizationCommand, organization: Organization): void;
}

/**
 * The organization tree: each level is loaded from the server when its parent opens (the top level
 * at once), a page at a time, with the device and sub-organization counts of every node.
 */
export function OrganizationTree(props: OrganizationTreeProps) {
  const { t } = useTranslation();
  return (
    <CommandTree<Organization, OrganizationCommand>
      testIdPrefix="org"
      label={t('organizations:title')}
      commands={props.commands}
      commandLabel={(command) => t(`organizations:${command}`)}
      onCommand={props.onCommand}
      actionsLabel={(name) => t('organizations:actions', { name })}
      expanderLabel={(open, name) => t(open ? 'organizations:collapse' : 'organizations:expand', { name })}
    >
      <OrganizationLevel parentId={null} depth={0} {...props} />
    </CommandTree>
  );
}

interface LevelProps extends OrganizationTreeProps {
  parentId: string | null;
  depth: number;
}

function OrganizationLevel({ parentId, depth, ...props }: LevelProps) {
  const { t } = useTranslation();
  const level = useOrganizationLevel(parentId);
  const indent = { pl: 2 + depth * 2.5 };
  if (level.isPending) {
    return (
      <ListItem sx={indent}>
        <CircularProgress size={20} aria-label={t('identity:crud.loading')} />
      </ListItem>
    );
  }
  if (level.isError) {
    return (
      <ListItem sx={indent}>
        <Alert severity="error" data-testid="org-level-error">
          {t('identity:crud.loadFailed')}
        </Alert>
      </ListItem>
    );
  }
  const organizations = level.data.pages.flatMap((page) => page.items);
  if (organizations.length === 0 && parentId === null) {
    return (
      <Typography component="li" color="text.secondary" sx={{ py: 2, px: 2 }} data-testid="org-tree-empty">
        {t('organizations:empty')}
      </Typography>
    );
  }
  return (
    <>
      {organizations.map((organization) => (
        <OrganizationNode key={organization.id} organization={organization} depth={depth} {...props} />
      ))}
      {level.hasNextPage && (
        <ListItem disablePadding>
          <ListItemButton
            sx={indent}
            disabled={level.isFetchingNextPage}
            onClick={() => void level.fetchNextPage()}
            data-testid="org-load-more"
          >
            <ListItemText primary={t('organizations:loadMore')} />
          </ListItemButton>
        </ListItem>
      )}
    </>
  );
}

interface NodeProps extends OrganizationTreeProps {
  organization: Organization;
  depth: number;
}

function OrganizationNode({ organization, depth, ...props }: NodeProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const open = props.expanded.has(organization.id);
  const selected = props.selectedId === organization.id;
  useEffect(() => {
    // A node revealed from the search scrolls into view (scrollIntoView is absent in jsdom).
    if (selected) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [selected]);
  return (
    <CommandTreeNode
      item={organization}
      depth={depth}
      name={organization.displayName}
      secondary={[
        t('organizations:deviceCount', { count: organization.deviceCount }),
        t('organizations:subOrganizations', { count: organization.childCount }),
        ...(organization.customerName ? [organization.customerName] : []),
      ].join(' · ')}
      selected={selected}
      onSelect={props.onSelect}
      expander={
        organization.childCount > 0 ? { open, onToggle: () => props.onToggle(organization.id) } : undefined
      }
      buttonRef={ref}
      nested={
        open &&
        organization.childCount > 0 && (
          <List dense disablePadding>
            <OrganizationLevel parentId={organization.id} depth={depth + 1} {...props} />
          </List>
        )
      }
    />
  );
}
