/** A cell of the table by its 0-based place: `row` among the rows shown, `col` among the columns. */
export type CellPos = { row: number; col: number };

/** A range of cells: `anchor` where it started, `focus` the cell the keyboard is on (one cell when they match). */
export type GridSelection = { anchor: CellPos; focus: CellPos };

export type GridSize = { rows: number; cols: number };

export type CellRange = { top: number; left: number; bottom: number; right: number };

/** The keys of a keyboard event that move the selection. */
export type GridKey = { key: string; ctrlKey?: boolean; metaKey?: boolean; shiftKey?: boolean; altKey?: boolean };

export function singleCell(pos: CellPos): GridSelection {
  return { anchor: pos, focus: pos };
}

export function rangeOf({ anchor, focus }: GridSelection): CellRange {
  return {
    top: Math.min(anchor.row, focus.row),
    left: Math.min(anchor.col, focus.col),
    bottom: Math.max(anchor.row, focus.row),
    right: Math.max(anchor.col, focus.col),
  };
}

export function isInRange(range: CellRange, pos: CellPos): boolean {
  return pos.row >= range.top && pos.row <= range.bottom && pos.col >= range.left && pos.col <= range.right;
}

function clamp(pos: CellPos, size: GridSize): CellPos {
  return {
    row: Math.max(0, Math.min(size.rows - 1, pos.row)),
    col: Math.max(0, Math.min(size.cols - 1, pos.col)),
  };
}

/**
 * Where a key moves the selection, as in a spreadsheet and the APG grid pattern: arrows by one cell (Ctrl/Cmd to
 * the edge), Home/End to the row's first/last cell (Ctrl/Cmd to the grid's), PageUp/PageDown by `pageRows`, Tab
 * and Shift+Tab right and left, wrapping to the next or previous row. Shift extends the range from its anchor
 * (not with Tab). Undefined for keys that do not move, and for Tab past the first or last cell, so focus can
 * leave the grid the usual way.
 */
export function navigate(selection: GridSelection, key: GridKey, size: GridSize, pageRows = 10): GridSelection | undefined {
  if (size.rows === 0 || size.cols === 0 || key.altKey) return undefined;
  const { row, col } = selection.focus;
  const isJump = Boolean(key.ctrlKey || key.metaKey);
  const last = { row: size.rows - 1, col: size.cols - 1 };
  let next: CellPos;
  switch (key.key) {
    case "ArrowUp":
      next = { row: isJump ? 0 : row - 1, col };
      break;
    case "ArrowDown":
      next = { row: isJump ? last.row : row + 1, col };
      break;
    case "ArrowLeft":
      next = { row, col: isJump ? 0 : col - 1 };
      break;
    case "ArrowRight":
      next = { row, col: isJump ? last.col : col + 1 };
      break;
    case "Home":
      next = isJump ? { row: 0, col: 0 } : { row, col: 0 };
      break;
    case "End":
      next = isJump ? last : { row, col: last.col };
      break;
    case "PageUp":
      next = { row: row - pageRows, col };
      break;
    case "PageDown":
      next = { row: row + pageRows, col };
      break;
    case "Tab": {
      const flat = row * size.cols + col + (key.shiftKey ? -1 : 1);
      if (flat < 0 || flat >= size.rows * size.cols) return undefined;
      return singleCell({ row: Math.floor(flat / size.cols), col: flat % size.cols });
    }
    default:
      return undefined;
  }
  const focus = clamp(next, size);
  return key.shiftKey ? { anchor: selection.anchor, focus } : singleCell(focus);
}

/** The selection kept inside a grid that shrank (rows removed or filtered out). */
export function clampSelection(selection: GridSelection, size: GridSize): GridSelection {
  return { anchor: clamp(selection.anchor, size), focus: clamp(selection.focus, size) };
}
