// Style sheets are imported for their effect (the bundler extracts them with the importing chunk).
declare module '*.css';
