import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { DESIGN_HEIGHT, DESIGN_WIDTH, fitScale, type Fit } from './fitScale.ts';

const ScaleContext = createContext(1);

/** The scale the design is shown at, for charts that must render denser to stay sharp. */
export const useStageScale = () => useContext(ScaleContext);

const currentFit = () => fitScale(window.innerWidth, window.innerHeight);

/** The fixed 1920×1080 design, scaled by CSS transform to fit the window and centred in it. */
export function Stage({ children }: { children: ReactNode }) {
  const [fit, setFit] = useState<Fit>(currentFit);
  useEffect(() => {
    const onResize = () => setFit(currentFit());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return (
    <div className="viewport">
      <div
        className="stage"
        style={{
          width: DESIGN_WIDTH,
          height: DESIGN_HEIGHT,
          transform: `translate(${fit.left}px, ${fit.top}px) scale(${fit.scale})`,
        }}
      >
        <ScaleContext.Provider value={fit.scale}>{children}</ScaleContext.Provider>
      </div>
    </div>
  );
}
