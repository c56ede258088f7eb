// Stylesheets are bundled by the front ends' Vite builds.
declare module '*.css';
