/** The error texts by code, loaded with the first failed request (kept out of the initial bundle). */
export { readerErrorText } from '@leerpad/core';
