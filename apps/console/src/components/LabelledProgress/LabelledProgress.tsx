import { useLayoutEffect, useRef, type ComponentProps } from 'react';
import { Progress } from '@arco-design/web-react';

type LabelledProgressProps = ComponentProps<typeof Progress> & {
  /** What the bar measures, read out with its value (WCAG: a progressbar has a name). */
  label: string;
};

/**
 * Arco's Progress with an accessible name: Arco puts `role="progressbar"` on an inner element and
 * its own props on the outer one, so an aria-label given to it names nothing (axe's
 * aria-progressbar-name). The name is set on the element that has the role.
 */
export function LabelledProgress({ label, ...props }: LabelledProgressProps) {
  const wrapper = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    wrapper.current?.querySelector('[role="progressbar"]')?.setAttribute('aria-label', label);
  });
  return (
    <span ref={wrapper} className="labelled-progress">
      <Progress {...props} />
    </span>
  );
}
