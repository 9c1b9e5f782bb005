// 存到手機 (decision 0390): the button on a crop's pages and the list of saved crops on /offline.
export { SaveCrop } from './save-crop';
export { SavedCropsList } from './saved-crops-list';
