/**
 * A bar chart in Arco's icon style (48-unit grid, 4-unit stroke, currentColor, its arco-icon class
 * for size and alignment): Arco's icon set has no chart, and 统计图表 was shown with a rising arrow.
 */
export function IconBarChart() {
  return (
    <svg
      className="arco-icon arco-icon-bar-chart"
      fill="none"
      stroke="currentColor"
      strokeWidth="4"
      viewBox="0 0 48 48"
      aria-hidden
      focusable={false}
      data-icon="bar-chart"
    >
      <path d="M6 6v36h36" />
      <path strokeLinejoin="round" d="M14 24h6v12h-6zM24 14h6v22h-6zM34 20h6v16h-6z" />
    </svg>
  );
}
