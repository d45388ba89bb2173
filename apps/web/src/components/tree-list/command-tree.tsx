import { createContext, useContext, useState, type ReactNode, type Ref } from 'react';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { TreeListItem } from './tree-list-item';

export interface CommandTreeProps<TItem, TCommand extends string> {
  /**
   * Start of every test id: the list is `<prefix>-tree`, a node `<prefix>-node-<name>`, its expand
   * button `<prefix>-expand-<name>`, its menu button `<prefix>-actions-<name>`, a command
   * `<prefix>-<command>`.
   */
  testIdPrefix: string;
  /** The list's accessible name. */
  label: string;
  /** Only the commands the user may run; no menu buttons when empty. */
  commands: TCommand[];
  commandLabel(command: TCommand): string;
  onCommand(command: TCommand, item: TItem): void;
  /** The menu button's accessible name ("Actions for North"). */
  actionsLabel(name: string): string;
  /** The expand button's accessible name, open or closed ("Show sub-organizations of North"). */
  expanderLabel(open: boolean, name: string): string;
  /** The top level's nodes (`CommandTreeNode`s), however the screen loads them. */
  children: ReactNode;
}

interface TreeContext {
  testIdPrefix: string;
  showMenu: boolean;
  actionsLabel(name: string): string;
  expanderLabel(open: boolean, name: string): string;
  openMenu(anchor: HTMLElement, item: unknown): void;
}

const CommandTreeContext = createContext<TreeContext | null>(null);

/**
 * A tree of organizations (or units) drawn as nested lists, with a menu of commands per node: the
 * one tree of both organization screens. The screen decides how its levels load (all at once, or
 * a page at a time as a node opens) and renders them as `CommandTreeNode`s.
 */
export function CommandTree<TItem, TCommand extends string>({
  testIdPrefix,
  label,
  commands,
  commandLabel,
  onCommand,
  actionsLabel,
  expanderLabel,
  children,
}: CommandTreeProps<TItem, TCommand>) {
  const [menu, setMenu] = useState<{ anchor: HTMLElement; item: TItem } | null>(null);
  const context: TreeContext = {
    testIdPrefix,
    showMenu: commands.length > 0,
    actionsLabel,
    expanderLabel,
    // The nodes below are the screen's own items: the tree hands them back as they came.
    openMenu: (anchor, item) => setMenu({ anchor, item: item as TItem }),
  };
  return (
    <CommandTreeContext.Provider value={context}>
      <List dense data-testid={`${testIdPrefix}-tree`} aria-label={label}>
        {children}
      </List>
      <Menu anchorEl={menu?.anchor} open={!!menu} onClose={() => setMenu(null)}>
        {commands.map((command) => (
          <MenuItem
            key={command}
            data-testid={`${testIdPrefix}-${command}`}
            onClick={() => {
              if (menu) onCommand(command, menu.item);
              setMenu(null);
            }}
          >
            {commandLabel(command)}
          </MenuItem>
        ))}
      </Menu>
    </CommandTreeContext.Provider>
  );
}

export interface CommandTreeNodeProps<TItem> {
  item: TItem;
  depth: number;
  /** The row's text, and the end of its test ids. */
  name: string;
  secondary: string;
  selected: boolean;
  onSelect(item: TItem): void;
  /** Absent for a leaf. */
  expander?: { open: boolean; onToggle(): void };
  buttonRef?: Ref<HTMLDivElement>;
  /** The children's list (a `<List>`), when shown. */
  nested?: ReactNode;
}

/** One node of a `CommandTree`: expand button, the node's select button and its menu button. */
export function CommandTreeNode<TItem>({
  item,
  depth,
  name,
  secondary,
  selected,
  onSelect,
  expander,
  buttonRef,
  nested,
}: CommandTreeNodeProps<TItem>) {
  const tree = useContext(CommandTreeContext);
  if (!tree) throw new Error('CommandTreeNode is used outside a CommandTree');
  const prefix = tree.testIdPrefix;
  return (
    <TreeListItem
      depth={depth}
      expander={
        expander && {
          open: expander.open,
          label: tree.expanderLabel(expander.open, name),
          testId: `${prefix}-expand-${name}`,
          onToggle: expander.onToggle,
        }
      }
      leafIcon={<AccountTreeIcon fontSize="small" color="action" />}
      primary={name}
      secondary={secondary}
      selected={selected}
      onSelect={() => onSelect(item)}
      testId={`${prefix}-node-${name}`}
      buttonRef={buttonRef}
      action={
        tree.showMenu && (
          <IconButton
            edge="end"
            size="small"
            aria-label={tree.actionsLabel(name)}
            data-testid={`${prefix}-actions-${name}`}
            onClick={(event) => tree.openMenu(event.currentTarget, item)}
          >
            <MoreVertIcon fontSize="small" />
          </IconButton>
        )
      }
      nested={nested}
    />
  );
}
