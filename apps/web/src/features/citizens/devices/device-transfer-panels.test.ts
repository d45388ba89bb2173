import { describe, expect, it } from 'vitest';
import { jumpToPanel } from './device-transfer-panels';

const rect = (left: number, top: number, width: number, height: number) => ({
  left,
  top,
  width,
  height,
  right: left + width,
  bottom: top + height,
});

function arrow(code: string) {
  let prevented = false;
  const event = { code, preventDefault: () => (prevented = true) } as unknown as KeyboardEvent;
  return { event, prevented: () => prevented };
}

const ACTIVE_PANEL = rect(0, 0, 300, 400);
const CARD = rect(500, 100, 200, 60);
/** The card's centre 48 px below the top of the active panel, in its middle. */
const INTO_ACTIVE = { x: 150 - 100, y: 48 - 30 };

const move = (code: string, context: object) =>
  jumpToPanel(arrow(code).event, { active: 'watch', currentCoordinates: { x: 0, y: 0 }, context } as never);

describe('jumpToPanel (keyboard drag between the device panels)', () => {
  it('moves the picked-up card into the panel the arrow points to', () => {
    const { event, prevented } = arrow('ArrowLeft');
    const context = {
      droppableRects: new Map([['active', ACTIVE_PANEL]]),
      collisionRect: CARD,
      droppableContainers: new Map(),
      activeNode: null,
    };
    expect(
      jumpToPanel(event, { active: 'watch', currentCoordinates: { x: 0, y: 0 }, context } as never),
    ).toEqual(INTO_ACTIVE);
    expect(prevented()).toBe(true);
  });

  it('measures the panel and the card itself when the arrow comes before dnd-kit measured them', () => {
    const context = {
      droppableRects: new Map(),
      collisionRect: null,
      droppableContainers: new Map([
        ['active', { node: { current: { getBoundingClientRect: () => ACTIVE_PANEL } } }],
      ]),
      activeNode: { getBoundingClientRect: () => CARD },
    };
    expect(move('ArrowUp', context)).toEqual(INTO_ACTIVE);
  });

  it('leaves other keys to dnd-kit', () => {
    const context = { droppableRects: new Map([['active', ACTIVE_PANEL]]), collisionRect: CARD };
    expect(move('KeyA', context)).toBeUndefined();
  });
});
