/** What a Cast button casts (issue #27): given by the album view, the carousel and the slideshow. */
export interface CastSource {
  /** The job whose files are cast; undefined until known. */
  jobId: string | undefined;
  /** The file on screen (a carousel); undefined: the job from its first file (the album view). */
  fileId?: string | undefined;
  /** Whether the TV runs the slideshow (spec 000 §9). */
  autoplay: boolean;
  /** The sender's own video position, ms: a video plays on from there on the TV. */
  positionMs?: () => number;
  /** The button's classes, to fit its toolbar. */
  className: string;
  /** Show the label beside the icon (a wide toolbar); else it is the button's name only. */
  showLabel?: boolean;
}
