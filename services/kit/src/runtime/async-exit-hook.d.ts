declare module 'async-exit-hook' {
  interface TAsyncExitHook {
    (hook: (done?: () => void) => void): void;
    hookedEvents(): string[];
    unhookEvent(event: string): void;
  }
  const exitHook: TAsyncExitHook;
  export default exitHook;
}
