import { useEffect, useRef, useState, type MouseEvent } from 'react';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import type { Organization } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { TreeListItem } from '../../components/tree-list/tree-list-item';
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

type OpenMenu = (event: MouseEvent<HTMLElement>, organization: Organization) => void;

/**
 * The organization tree: each level is loaded from the server when its parent opens (the top level
 * at once), a page at a time, with the device and sub-organization counts of every node.
 */
export function OrganizationTree(props: OrganizationTreeProps) {
  const { t } = useTranslation();
  const [menu, setMenu] = useState<{ anchor: HTMLElement; organization: Organization } | null>(null);
  const openMenu: OpenMenu = (event, organization) => setMenu({ anchor: event.currentTarget, organization });
  return (
    <>
      <List dense data-testid="org-tree" aria-label={t('organizations:title')}>
        <OrganizationLevel parentId={null} depth={0} {...props} onOpenMenu={openMenu} />
      </List>
      <Menu anchorEl={menu?.anchor} open={!!menu} onClose={() => setMenu(null)}>
        {props.commands.map((command) => (
          <MenuItem
            key={command}
            data-testid={`org-${command}`}
            onClick={() => {
              if (menu) props.onCommand(command, menu.organization);
              setMenu(null);
            }}
          >
            {t(`organizations:${command}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

interface LevelProps extends OrganizationTreeProps {
  parentId: string | null;
  depth: number;
  onOpenMenu: OpenMenu;
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
  onOpenMenu: OpenMenu;
}

function OrganizationNode({ organization, depth, onOpenMenu, ...props }: NodeProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const open = props.expanded.has(organization.id);
  const selected = props.selectedId === organization.id;
  const name = organization.displayName;
  useEffect(() => {
    // A node revealed from the search scrolls into view (scrollIntoView is absent in jsdom).
    if (selected) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [selected]);
  return (
    <TreeListItem
      depth={depth}
      expander={
        organization.childCount > 0
          ? {
              open,
              label: t(open ? 'organizations:collapse' : 'organizations:expand', { name }),
              testId: `org-expand-${name}`,
              onToggle: () => props.onToggle(organization.id),
            }
          : undefined
      }
      leafIcon={<AccountTreeIcon fontSize="small" color="action" />}
      primary={name}
      secondary={[
        t('organizations:deviceCount', { count: organization.deviceCount }),
        t('organizations:subOrganizations', { count: organization.childCount }),
        ...(organization.customerName ? [organization.customerName] : []),
      ].join(' · ')}
      selected={selected}
      onSelect={() => props.onSelect(organization)}
      testId={`org-node-${name}`}
      buttonRef={ref}
      action={
        props.commands.length > 0 && (
          <IconButton
            edge="end"
            size="small"
            aria-label={t('organizations:actions', { name })}
            data-testid={`org-actions-${name}`}
            onClick={(event) => onOpenMenu(event, organization)}
          >
            <MoreVertIcon fontSize="small" />
          </IconButton>
        )
      }
      nested={
        open &&
        organization.childCount > 0 && (
          <List dense disablePadding>
            <OrganizationLevel
              parentId={organization.id}
              depth={depth + 1}
              {...props}
              onOpenMenu={onOpenMenu}
            />
          </List>
        )
      }
    />
  );
}
