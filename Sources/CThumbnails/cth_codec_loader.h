/*
 * libheif (HEIF/HEIC and AVIF) and libjxl (JPEG XL), loaded on first use with dlopen.
 *
 * Linked normally, the two libraries and theirs (libde265, libx265, libaom, libdav1d, libhwy,
 * brotli) load and run their static initialisers at every start: measured, a third of the
 * time `cascade scan` took to start, though a scan never decodes a pixel and most builds see
 * no HEIF or JPEG XL file. Each decoder asks cth_heif_load()/cth_jxl_load() first; the calls
 * then go through the tables below, typed from the libraries' own headers, so a call that does
 * not match the header does not compile.
 */
#ifndef CTH_CODEC_LOADER_H
#define CTH_CODEC_LOADER_H
#include "cth_private.h"
#include <libheif/heif.h>
#include <jxl/decode.h>
#include <jxl/version.h>

/* Every libheif function the shim calls. */
#define CTH_HEIF_CALLS(X) \
    X(heif_context_alloc) \
    X(heif_context_encode_image) \
    X(heif_context_free) \
    X(heif_context_get_encoder_for_format) \
    X(heif_context_get_primary_image_handle) \
    X(heif_context_read_from_memory_without_copy) \
    X(heif_context_set_max_decoding_threads) \
    X(heif_context_set_maximum_image_size_limit) \
    X(heif_context_write) \
    X(heif_decode_image) \
    X(heif_decoding_options_alloc) \
    X(heif_decoding_options_free) \
    X(heif_encoder_release) \
    X(heif_encoder_set_lossy_quality) \
    X(heif_encoder_set_parameter_integer) \
    X(heif_encoding_options_alloc) \
    X(heif_encoding_options_free) \
    X(heif_image_add_plane) \
    X(heif_image_create) \
    X(heif_image_get_bits_per_pixel_range) \
    X(heif_image_get_height) \
    X(heif_image_get_plane) \
    X(heif_image_get_plane_readonly) \
    X(heif_image_get_width) \
    X(heif_image_handle_get_height) \
    X(heif_image_handle_get_ispe_height) \
    X(heif_image_handle_get_ispe_width) \
    X(heif_image_handle_get_luma_bits_per_pixel) \
    X(heif_image_handle_get_nclx_color_profile) \
    X(heif_image_handle_get_raw_color_profile) \
    X(heif_image_handle_get_raw_color_profile_size) \
    X(heif_image_handle_get_width) \
    X(heif_image_handle_has_alpha_channel) \
    X(heif_image_handle_release) \
    X(heif_image_is_premultiplied_alpha) \
    X(heif_image_release) \
    X(heif_image_set_raw_color_profile) \
    X(heif_nclx_color_profile_free) \

/* Every libjxl function the shim calls. */
#define CTH_JXL_CALLS(X) \
    X(JxlDecoderCloseInput) \
    X(JxlDecoderCreate) \
    X(JxlDecoderDestroy) \
    X(JxlDecoderGetBasicInfo) \
    X(JxlDecoderGetColorAsEncodedProfile) \
    X(JxlDecoderGetColorAsICCProfile) \
    X(JxlDecoderGetICCProfileSize) \
    X(JxlDecoderImageOutBufferSize) \
    X(JxlDecoderProcessInput) \
    X(JxlDecoderSetImageOutBuffer) \
    X(JxlDecoderSetInput) \
    X(JxlDecoderSetKeepOrientation) \
    X(JxlDecoderSetPreferredColorProfile) \
    X(JxlDecoderSetUnpremultiplyAlpha) \
    X(JxlDecoderSubscribeEvents) \

#define CTH_CALL_POINTER(name) __typeof__(name) *name;
struct cth_heif_calls { CTH_HEIF_CALLS(CTH_CALL_POINTER) };
struct cth_jxl_calls { CTH_JXL_CALLS(CTH_CALL_POINTER) };
#undef CTH_CALL_POINTER

/* Filled by the loaders; read only after one of them returned CTH_OK. */
extern struct cth_heif_calls cth_heif;
extern struct cth_jxl_calls cth_jxl;

/*
 * Loads the library once per process (later calls return the first outcome). CTH_OK, or
 * CTH_ERR_UNSUPPORTED with the error naming the library and the loader's reason.
 */
int32_t cth_heif_load(cth_error *error);
int32_t cth_jxl_load(cth_error *error);

#endif
