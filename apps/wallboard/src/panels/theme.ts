/** The board's colours, shared by CSS (board.css) and charts. */
export const COLORS = {
  text: '#cfe3ff',
  muted: '#7f97b8',
  grid: 'rgba(127, 151, 184, 0.18)',
  ok: '#2fd08a',
  alarm: '#ffb020',
  down: '#ff4d4f',
  neutral: '#3ba7ff',
  none: '#2a3a55',
  trigger: '#a98bff',
} as const;

/** Chart text sized for a room: the design's pixels, scaled with the stage. */
export const CHART_FONT = 18;
