/** A stylised trend chart for the login banner: decoration only, no data. */
export function TrendIllustration() {
  const bars = [38, 52, 44, 66, 58, 80, 72, 94];
  return (
    <svg className="login-illustration" viewBox="0 0 320 150" aria-hidden="true" focusable="false">
      <rect x="0.5" y="0.5" width="319" height="149" rx="10" fill="rgba(255,255,255,0.10)" stroke="rgba(255,255,255,0.25)" />
      {[40, 70, 100].map((y) => (
        <line key={y} x1="20" x2="300" y1={y} y2={y} stroke="rgba(255,255,255,0.14)" strokeDasharray="4 4" />
      ))}
      {bars.map((height, index) => (
        <rect key={index} x={28 + index * 34} y={130 - height} width="18" height={height} rx="3" fill="rgba(255,255,255,0.55)" />
      ))}
      <polyline
        points={bars.map((height, index) => `${37 + index * 34},${118 - height}`).join(' ')}
        fill="none"
        stroke="#fff"
        strokeWidth="2.5"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
      {bars.map((height, index) => (
        <circle key={index} cx={37 + index * 34} cy={118 - height} r="3.5" fill="#fff" />
      ))}
    </svg>
  );
}
