/** The product mark: a shield guarding a leaf, drawn in the theme colour. */
export function BrandLogo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="rgb(var(--primary-6))" />
      <path d="M16 6.5 8.5 9.3v6.1c0 4.8 3.2 8.9 7.5 10.1 4.3-1.2 7.5-5.3 7.5-10.1V9.3L16 6.5Z" fill="#fff" />
      <path
        d="M16 11.2c-2.1 1.7-3.2 3.6-3.2 5.6 0 1.5.6 2.7 1.6 3.6l1.6-2.2 1.6 2.2c1-.9 1.6-2.1 1.6-3.6 0-2-1.1-3.9-3.2-5.6Z"
        fill="rgb(var(--primary-6))"
      />
    </svg>
  );
}
