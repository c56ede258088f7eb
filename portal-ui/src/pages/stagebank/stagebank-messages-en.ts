// A chunk of its own: the English texts load only when the page is in English.
export { stagebankEn } from '@stageplein/contracts/placements/stagebank-messages-en';
