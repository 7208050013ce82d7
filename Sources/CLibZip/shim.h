// libzip (Debian's libzip-dev): album downloads are written with it, and
// `cascade audit` reads the entries of ZIPs it finds through it.
//
// Two libzip sources, written here in C because libzip drives them by
// commands through one callback:
// - a sink that writes the archive to a descriptor Cascade opened beneath its
//   output folder (libzip never opens a path of the output), and
// - an entry whose bytes are loaded only when libzip asks for them while it
//   writes the archive, and let go once copied: an archive of a thousand
//   originals holds one at a time, not all of them.
#include <zip.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/// The archive's destination: an open, seekable descriptor (not owned).
typedef struct cascade_zip_sink {
    int descriptor;
    zip_error_t error;
} cascade_zip_sink;

static inline zip_int64_t cascade_zip_sink_callback(void *userdata, void *data, zip_uint64_t length, zip_source_cmd_t command) {
    cascade_zip_sink *sink = (cascade_zip_sink *)userdata;
    switch (command) {
    case ZIP_SOURCE_SUPPORTS:
        return ZIP_SOURCE_SUPPORTS_WRITABLE;
    case ZIP_SOURCE_STAT:
        // A new archive: nothing there to read.
        zip_error_set(&sink->error, ZIP_ER_READ, ENOENT);
        return -1;
    case ZIP_SOURCE_BEGIN_WRITE:
    case ZIP_SOURCE_ROLLBACK_WRITE:
    case ZIP_SOURCE_REMOVE:
        if (ftruncate(sink->descriptor, 0) < 0 || lseek(sink->descriptor, 0, SEEK_SET) < 0) {
            zip_error_set(&sink->error, ZIP_ER_WRITE, errno);
            return -1;
        }
        return 0;
    case ZIP_SOURCE_COMMIT_WRITE:
    case ZIP_SOURCE_OPEN:
    case ZIP_SOURCE_CLOSE:
    case ZIP_SOURCE_FREE:
        return 0;
    case ZIP_SOURCE_WRITE: {
        zip_uint64_t done = 0;
        while (done < length) {
            ssize_t written = write(sink->descriptor, (const char *)data + done, length - done);
            if (written < 0 && errno == EINTR) continue;
            if (written <= 0) {
                zip_error_set(&sink->error, ZIP_ER_WRITE, errno);
                return -1;
            }
            done += (zip_uint64_t)written;
        }
        return (zip_int64_t)done;
    }
    case ZIP_SOURCE_SEEK_WRITE:
    case ZIP_SOURCE_SEEK: {
        zip_source_args_seek_t *args = ZIP_SOURCE_GET_ARGS(zip_source_args_seek_t, data, length, &sink->error);
        if (args == NULL) return -1;
        if (lseek(sink->descriptor, args->offset, args->whence) < 0) {
            zip_error_set(&sink->error, ZIP_ER_SEEK, errno);
            return -1;
        }
        return 0;
    }
    case ZIP_SOURCE_TELL_WRITE:
    case ZIP_SOURCE_TELL: {
        off_t position = lseek(sink->descriptor, 0, SEEK_CUR);
        if (position < 0) {
            zip_error_set(&sink->error, ZIP_ER_TELL, errno);
            return -1;
        }
        return (zip_int64_t)position;
    }
    case ZIP_SOURCE_READ: {
        ssize_t got = read(sink->descriptor, data, length);
        if (got < 0) {
            zip_error_set(&sink->error, ZIP_ER_READ, errno);
            return -1;
        }
        return (zip_int64_t)got;
    }
    case ZIP_SOURCE_ERROR:
        return zip_error_to_data(&sink->error, data, length);
    default:
        zip_error_set(&sink->error, ZIP_ER_OPNOTSUPP, 0);
        return -1;
    }
}

/// Fills `*bytes` (malloc'd, the entry takes it) with an entry's bytes; returns their count, or -1.
typedef zip_int64_t (*cascade_zip_loader)(void *context, void **bytes);

/// One entry of an archive being written, loaded when libzip first needs it
/// (its size, at `stat`, or its bytes) and freed when libzip closes it.
typedef struct cascade_zip_entry {
    void *context;
    cascade_zip_loader load;
    void *bytes;
    zip_uint64_t length;
    zip_uint64_t offset;
    zip_uint16_t dos_time;
    zip_uint16_t dos_date;
    int loaded;
    zip_error_t error;
} cascade_zip_entry;

static inline int cascade_zip_entry_load(cascade_zip_entry *entry) {
    if (entry->loaded) return 0;
    void *bytes = NULL;
    zip_int64_t length = entry->load(entry->context, &bytes);
    if (length < 0) {
        zip_error_set(&entry->error, ZIP_ER_READ, EIO);
        return -1;
    }
    entry->bytes = bytes;
    entry->length = (zip_uint64_t)length;
    entry->loaded = 1;
    return 0;
}

static inline void cascade_zip_entry_unload(cascade_zip_entry *entry) {
    free(entry->bytes);
    entry->bytes = NULL;
    entry->loaded = 0;
}

static inline zip_int64_t cascade_zip_entry_callback(void *userdata, void *data, zip_uint64_t length, zip_source_cmd_t command) {
    cascade_zip_entry *entry = (cascade_zip_entry *)userdata;
    switch (command) {
    case ZIP_SOURCE_SUPPORTS:
        return ZIP_SOURCE_SUPPORTS_READABLE;
    case ZIP_SOURCE_STAT: {
        zip_stat_t *stat = ZIP_SOURCE_GET_ARGS(zip_stat_t, data, length, &entry->error);
        if (stat == NULL || cascade_zip_entry_load(entry) < 0) return -1;
        zip_stat_init(stat);
        stat->size = entry->length;
        stat->comp_size = entry->length;
        stat->comp_method = ZIP_CM_STORE;
        stat->encryption_method = ZIP_EM_NONE;
        stat->valid = ZIP_STAT_SIZE | ZIP_STAT_COMP_SIZE | ZIP_STAT_COMP_METHOD | ZIP_STAT_ENCRYPTION_METHOD;
        return sizeof(zip_stat_t);
    }
    case ZIP_SOURCE_OPEN:
        entry->offset = 0;
        return cascade_zip_entry_load(entry);
    case ZIP_SOURCE_READ: {
        zip_uint64_t left = entry->length - entry->offset;
        zip_uint64_t count = length < left ? length : left;
        if (count > 0) memcpy(data, (const char *)entry->bytes + entry->offset, count);
        entry->offset += count;
        return (zip_int64_t)count;
    }
    case ZIP_SOURCE_CLOSE:
        cascade_zip_entry_unload(entry);
        return 0;
    case ZIP_SOURCE_FREE:
        cascade_zip_entry_unload(entry);
        return 0;
    case ZIP_SOURCE_ERROR:
        return zip_error_to_data(&entry->error, data, length);
    default:
        zip_error_set(&entry->error, ZIP_ER_OPNOTSUPP, 0);
        return -1;
    }
}

/// The sink's callback, as a value Swift can pass to zip_source_function_create.
static inline zip_source_callback cascade_zip_sink_function(void) { return cascade_zip_sink_callback; }
/// The entry's callback, likewise.
static inline zip_source_callback cascade_zip_entry_function(void) { return cascade_zip_entry_callback; }
