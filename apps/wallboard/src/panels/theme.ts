/** The charts' colours, the same as board.css's variables (canvas charts cannot read CSS). */
export const COLORS = {
  text: '#cfe3ff',
  muted: '#7f97b8',
  grid: 'rgba(127, 151, 184, 0.18)',
  down: '#ff4d4f',
  trigger: '#a98bff',
} as const;

/** Chart text sized for a room: the design's pixels, scaled with the stage. */
export const CHART_FONT = 24;
