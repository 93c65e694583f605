import { paintKeptFirstScreen } from '@/lib/first-screen-paint';
import '@/index.css';

// A returning user's home as it last showed (lib/first-screen-paint.ts) is painted before any of the app's code
// is evaluated, and gets its first frame before the app starts: compiling, evaluating and rendering the app takes
// the main thread for a second or more on a slow phone, and the page would show nothing until then. The app's
// chunks are asked from index.html with this one (vite.config.ts), so a first visit waits for no second round trip.
if (paintKeptFirstScreen()) afterNextFrame(start);
else start();

function start(): void {
  void import('@/app/start').then(({ startApp }) => startApp());
}

function afterNextFrame(task: () => void): void {
  requestAnimationFrame(() => setTimeout(task, 0));
}
