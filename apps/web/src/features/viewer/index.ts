/*
 * The viewer's face (See: [Note: Feature faces]): /photos (the timeline with the viewer over
 * it), the viewer an album's carousel shows its files in, with the carousel's moves, and the
 * media URLs and placeholders other pages show files with.
 */
export { PhotosLayout } from './PhotosLayout.tsx';
export { Viewer, type ViewerComments, type ViewerProps } from './ViewerPage.tsx';
export type { Carousel } from './use-carousel.ts';
export {
  positionOf,
  targetAfterDelete,
  targetOf,
  type CarouselView,
  type Step,
  type Target,
} from './model.ts';
export { largeThumbUrl, placeholderOf, playableVideoUrl } from './media.ts';
