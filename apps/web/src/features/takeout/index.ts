/* Takeout's icon, for the settings hub's link (See: [Note: Feature faces]). */
export { TakeoutIcon } from './takeout-icons.tsx';
