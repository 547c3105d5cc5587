/** What the category axis needs to show every label legibly. */
export interface CategoryLabelLayout {
  /** Degrees: 0 level, 45 slanted, 90 upright. */
  rotate: 0 | 45 | 90;
  /** Labels longer than this many pixels are cut with an ellipsis (the full text is the label's tooltip). */
  truncateAt?: number;
  /** Only this many categories fit side by side: the axis shows a window of them that the user pans. */
  window?: number;
}

export interface CategoryLabelSpace {
  /** Each label's width in pixels, as drawn level. */
  widths: readonly number[];
  /** The axis' length in pixels. */
  axisWidth: number;
  /** The labels' line height in pixels. */
  lineHeight: number;
  /** How far a turned label may reach below the axis, in pixels. */
  maxDepth: number;
}

/** Free pixels between two level labels, so neighbours never touch. */
const LABEL_GAP = 8;
const SIN_45 = Math.SQRT1_2;

/**
 * Every category keeps its label (ECharts would otherwise skip every other one). Level when each
 * label fits its slot; slanted when neighbours, turned 45°, stay a line apart; upright when they
 * stay apart only standing; beyond that the axis shows the upright labels that fit and pans. A
 * turned label longer than `maxDepth` allows is cut, so the plot keeps its height.
 */
export function categoryLabelLayout({ widths, axisWidth, lineHeight, maxDepth }: CategoryLabelSpace): CategoryLabelLayout {
  const count = widths.length;
  if (count === 0 || axisWidth <= 0) return { rotate: 0 };
  const slot = axisWidth / count;
  const longest = Math.max(...widths);
  if (longest + LABEL_GAP <= slot) return { rotate: 0 };

  const cut = (length: number) => (longest > length ? { truncateAt: Math.floor(length) } : {});
  // Two neighbours turned by θ are slot·sin θ apart, measured across their lines.
  if (slot * SIN_45 >= lineHeight) return { rotate: 45, ...cut(maxDepth / SIN_45) };
  const standing = { rotate: 90 as const, ...cut(maxDepth) };
  if (slot >= lineHeight) return standing;
  return { ...standing, window: Math.max(1, Math.floor(axisWidth / lineHeight)) };
}
