/** What the catalogue's files give others: the operator routes that import and export, and the command line's way in. */
export { catalogueFileRoutes } from './catalogueFileRoutes';
export { importCatalogue, type ImportOutcome, type ImportProgress, type ImportRequest, type PictureFiles } from './applyImport';
export { exportCatalogue } from './exportCatalogue';
export { decodeCsv, CSV_ENCODINGS, type CsvEncoding } from './csvText';
export { describeProblem, readShopifyCsv, type Problem } from './readShopifyCsv';
export { digestOf, judgePicture, makeNextPicture, makeSizes, pictureReport, PictureRefused, rebuildProductPictures, storeUpload } from './pictureStore';
export { colourCode } from './shopOptions';
export { descriptionFromHtml, shortDescriptionOf } from './descriptions';
export { slugOf } from './slug';
