// OpenSSL's libcrypto (Debian's libssl-dev), for Gallery's content hashes:
// SHA-256 through the EVP digest API, which picks the CPU's SHA extensions;
// HMAC-SHA256, which names unlisted albums' folders from the private key;
// and, for password albums, PBKDF2-HMAC-SHA256 and AES-256-GCM: the two
// helpers below keep the EVP context's life in C, so Swift sees one call
// that either did the whole job or returned 0.
#include <openssl/evp.h>
#include <openssl/hmac.h>

/// AES-256-GCM with a 96-bit nonce: encrypts `length` bytes of `input` into
/// `output` (the same length) and writes the 16-byte tag. 1 on success.
static inline int cascade_aes256gcm_seal(const unsigned char *key, const unsigned char *nonce,
                                         const unsigned char *aad, int aadLength,
                                         const unsigned char *input, int length,
                                         unsigned char *output, unsigned char *tag) {
    EVP_CIPHER_CTX *context = EVP_CIPHER_CTX_new();
    int done = 0, written = 0, last = 0;
    if (context
        && EVP_EncryptInit_ex(context, EVP_aes_256_gcm(), NULL, NULL, NULL) == 1
        && EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_SET_IVLEN, 12, NULL) == 1
        && EVP_EncryptInit_ex(context, NULL, NULL, key, nonce) == 1
        && (aadLength == 0 || EVP_EncryptUpdate(context, NULL, &written, aad, aadLength) == 1)
        && EVP_EncryptUpdate(context, output, &written, input, length) == 1
        && EVP_EncryptFinal_ex(context, output + written, &last) == 1
        && EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_GET_TAG, 16, tag) == 1) {
        done = 1;
    }
    EVP_CIPHER_CTX_free(context);
    return done;
}

/// The inverse of ``cascade_aes256gcm_seal``: 1 only when the tag verifies
/// (a wrong key or altered bytes give 0, and `output` must then be ignored).
static inline int cascade_aes256gcm_open(const unsigned char *key, const unsigned char *nonce,
                                         const unsigned char *aad, int aadLength,
                                         const unsigned char *input, int length,
                                         const unsigned char *tag, unsigned char *output) {
    EVP_CIPHER_CTX *context = EVP_CIPHER_CTX_new();
    int done = 0, written = 0, last = 0;
    if (context
        && EVP_DecryptInit_ex(context, EVP_aes_256_gcm(), NULL, NULL, NULL) == 1
        && EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_SET_IVLEN, 12, NULL) == 1
        && EVP_DecryptInit_ex(context, NULL, NULL, key, nonce) == 1
        && (aadLength == 0 || EVP_DecryptUpdate(context, NULL, &written, aad, aadLength) == 1)
        && EVP_DecryptUpdate(context, output, &written, input, length) == 1
        && EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_SET_TAG, 16, (void *)tag) == 1
        && EVP_DecryptFinal_ex(context, output + written, &last) == 1) {
        done = 1;
    }
    EVP_CIPHER_CTX_free(context);
    return done;
}

/// PBKDF2-HMAC-SHA256 of `password` into `length` bytes of `key`. 1 on success.
static inline int cascade_pbkdf2_sha256(const char *password, int passwordLength,
                                        const unsigned char *salt, int saltLength,
                                        int iterations, unsigned char *key, int length) {
    return PKCS5_PBKDF2_HMAC(password, passwordLength, salt, saltLength, iterations, EVP_sha256(), length, key);
}
