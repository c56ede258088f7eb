// Types for check-references.mjs (plain JavaScript), so its tests can import it.

export declare function foreignSources(buildInfo: {
  fileNames?: readonly string[];
  root?: readonly (number | readonly [number, number])[];
}): string[];
