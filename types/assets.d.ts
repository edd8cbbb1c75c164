// Style sheets are injected by style-loader; importing one has no value.
declare module '*.css';
