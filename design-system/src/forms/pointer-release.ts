/**
 * Blur checks that happen while a pointer is pressed (the user is clicking something else, e.g.
 * the submit button) wait until the click is over. Otherwise a message appearing on blur can move
 * the button away between mousedown and mouseup, and the click is lost. (Its own module: the back
 * office's date input uses it without the portal's form state.)
 */
let pointerDown = false;
const afterPointer: (() => void)[] = [];
if (typeof document !== 'undefined') {
  document.addEventListener('pointerdown', () => (pointerDown = true), true);
  const release = () => {
    pointerDown = false;
    // After the click that follows this pointerup (same task) has been handled.
    window.setTimeout(() => afterPointer.splice(0).forEach((run) => run()), 0);
  };
  document.addEventListener('pointerup', release, true);
  document.addEventListener('pointercancel', release, true);
}

/** Runs `run` now, or after the pressed pointer is released (see above). */
export function whenPointerReleased(run: () => void): void {
  if (pointerDown) afterPointer.push(run);
  else run();
}
