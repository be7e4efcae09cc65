import { useEffect, useRef } from 'react';
import Typography from '@mui/material/Typography';

/**
 * The heading of a wizard step or of a page that replaces another: it takes the focus when it appears
 * after a change (not on the first render of the page), so screen readers and keyboards start there.
 */
export function FocusHeading({ children, focus, id }: { children: string; focus: boolean; id?: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <Typography ref={ref} id={id} tabIndex={-1} component="h2" variant="h5" sx={{ outline: 'none', mb: 2 }}>
      {children}
    </Typography>
  );
}
