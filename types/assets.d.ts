// Style sheets put themselves in the page (loaders/injectCssLoader.ts, style-loader in working builds); importing one has no value.
declare module '*.css';
