import { useState } from 'react';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import type { OrganizationUnit } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { CommandTree, CommandTreeNode } from '../../components/tree-list/command-tree';
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

/** The unit tree, loaded whole: every node starts open, with a menu per unit. */
export function OrganizationUnitTreeView({ nodes, ...props }: TreeViewProps) {
  const { t } = useTranslation();
  return (
    <CommandTree<OrganizationUnit, UnitCommand>
      testIdPrefix="ou"
      label={t('identity:organizationUnits.title')}
      commands={props.commands}
      commandLabel={(command) => t(COMMAND_LABELS[command])}
      onCommand={props.onCommand}
      actionsLabel={(name) => t('identity:organizationUnits.unitActions', { name })}
      expanderLabel={(open, name) =>
        t(open ? 'identity:organizationUnits.collapse' : 'identity:organizationUnits.expand', { name })
      }
    >
      {nodes.map((node) => (
        <UnitNode key={node.unit.id} node={node} depth={0} {...props} />
      ))}
    </CommandTree>
  );
}

interface UnitNodeProps extends Omit<TreeViewProps, 'nodes'> {
  node: OrganizationUnitNode;
  depth: number;
}

function UnitNode({ node, depth, ...props }: UnitNodeProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  const { unit, children } = node;
  return (
    <CommandTreeNode
      item={unit}
      depth={depth}
      name={unit.displayName}
      secondary={`${t('identity:organizationUnits.memberCount', { count: unit.memberCount })} · ${t(
        'identity:organizationUnits.roleCount',
        { count: unit.roleCount },
      )}`}
      selected={props.selectedId === unit.id}
      onSelect={props.onSelect}
      expander={children.length > 0 ? { open, onToggle: () => setOpen(!open) } : undefined}
      nested={
        children.length > 0 && (
          <Collapse in={open} unmountOnExit>
            <List dense disablePadding>
              {children.map((child) => (
                <UnitNode key={child.unit.id} node={child} depth={depth + 1} {...props} />
              ))}
            </List>
          </Collapse>
        )
      }
    />
  );
}
