/** Content types worth compressing: text (HTML, CSS, JavaScript, CSV…), JSON, XML and SVG. Why: decision 0056. */
export const compressibleTypes =
  /^(?:text\/(?!event-stream)|application\/(?:[\w.-]+\+)?(?:json|xml|javascript)(?:;|$)|image\/svg\+xml(?:;|$))/i;
