import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';

/** Spec 9: after a withdrawal or a confirmed deposit the app returns to the dashboard after 5 s. */
const REDIRECT_DELAY_MS = 5000;

/** Schedules one navigation; cancelled if the screen unmounts first. */
export function useDelayedRedirect(to: string, delay = REDIRECT_DELAY_MS): () => void {
  const navigate = useNavigate();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => navigate(to), delay);
  }, [navigate, to, delay]);
}
