/**
 * Content types worth compressing: text (HTML, CSS, JavaScript, CSV…), JSON, XML and SVG. Not
 * `application/octet-stream` (@fastify/compress's default includes it): downloads are mostly
 * already compressed (PDF, zip, video) and a stored file keeps its Range support uncompressed.
 */
export const compressibleTypes =
  /^(?:text\/(?!event-stream)|application\/(?:[\w.-]+\+)?(?:json|xml|javascript)(?:;|$)|image\/svg\+xml(?:;|$))/i;
