import { useState, type MouseEvent } from 'react';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { OrganizationUnit } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { TreeListItem } from '../../components/tree-list/tree-list-item';
import type { OrganizationUnitNode } from './organization-unit-tree';

/** What the user chose in a unit's menu. */
export type UnitCommand = 'addChild' | 'rename' | 'move' | 'delete';

interface TreeViewProps {
  nodes: OrganizationUnitNode[];
  selectedId: string | null;
  onSelect(unit: OrganizationUnit): void;
  /** Only the commands the user may run; no menu when empty. */
  commands: UnitCommand[];
  onCommand(command: UnitCommand, unit: OrganizationUnit): void;
}

const COMMAND_LABELS: Record<UnitCommand, string> = {
  addChild: 'identity:organizationUnits.addChild',
  rename: 'identity:organizationUnits.rename',
  move: 'identity:organizationUnits.move',
  delete: 'identity:organizationUnits.delete',
};

/**
 * The unit tree as nested lists (the tree-view package is not installed): expand/collapse, select,
 * and a menu per unit.
 */
export function OrganizationUnitTreeView(props: TreeViewProps) {
  const { t } = useTranslation();
  const [menu, setMenu] = useState<{ anchor: HTMLElement; unit: OrganizationUnit } | null>(null);
  const openMenu = (event: MouseEvent<HTMLElement>, unit: OrganizationUnit) =>
    setMenu({ anchor: event.currentTarget, unit });
  return (
    <>
      <List dense data-testid="ou-tree" aria-label={t('identity:organizationUnits.title')}>
        {props.nodes.map((node) => (
          <TreeNode key={node.unit.id} node={node} depth={0} {...props} onOpenMenu={openMenu} />
        ))}
      </List>
      <Menu anchorEl={menu?.anchor} open={!!menu} onClose={() => setMenu(null)}>
        {props.commands.map((command) => (
          <MenuItem
            key={command}
            data-testid={`ou-${command}`}
            onClick={() => {
              if (menu) props.onCommand(command, menu.unit);
              setMenu(null);
            }}
          >
            {t(COMMAND_LABELS[command])}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

interface TreeNodeProps extends TreeViewProps {
  node: OrganizationUnitNode;
  depth: number;
  onOpenMenu(event: MouseEvent<HTMLElement>, unit: OrganizationUnit): void;
}

function TreeNode({ node, depth, onOpenMenu, ...props }: TreeNodeProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  const { unit, children } = node;
  return (
    <TreeListItem
      depth={depth}
      expander={
        children.length > 0
          ? {
              open,
              label: t(open ? 'identity:organizationUnits.collapse' : 'identity:organizationUnits.expand', {
                name: unit.displayName,
              }),
              onToggle: () => setOpen(!open),
            }
          : undefined
      }
      leafIcon={<AccountTreeIcon fontSize="small" color="action" />}
      primary={unit.displayName}
      secondary={`${t('identity:organizationUnits.memberCount', { count: unit.memberCount })} · ${t(
        'identity:organizationUnits.roleCount',
        { count: unit.roleCount },
      )}`}
      selected={props.selectedId === unit.id}
      onSelect={() => props.onSelect(unit)}
      testId={`ou-node-${unit.displayName}`}
      action={
        props.commands.length > 0 && (
          <IconButton
            edge="end"
            size="small"
            aria-label={t('identity:organizationUnits.unitActions', { name: unit.displayName })}
            data-testid={`ou-actions-${unit.displayName}`}
            onClick={(event) => onOpenMenu(event, unit)}
          >
            <MoreVertIcon fontSize="small" />
          </IconButton>
        )
      }
      nested={
        children.length > 0 && (
          <Collapse in={open} unmountOnExit>
            <List dense disablePadding>
              {children.map((child) => (
                <TreeNode
                  key={child.unit.id}
                  node={child}
                  depth={depth + 1}
                  {...props}
                  onOpenMenu={onOpenMenu}
                />
              ))}
            </List>
          </Collapse>
        )
      }
    />
  );
}
