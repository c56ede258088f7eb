/** Content media (issue #15 item 5): `/content/file-upload` and `/content/stock-images`. */
export { UploadList as uploads } from './upload-list.tsx';
export { StockImageList as stockImages } from './stock-image-list.tsx';
