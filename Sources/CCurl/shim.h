#ifndef HOLDER_CCURL_SHIM_H
#define HOLDER_CCURL_SHIM_H
#include <curl/curl.h>

/* curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: one plain
   function per argument type the Curl target passes. */
static inline CURLcode holder_curl_set_long(CURL *handle, CURLoption option, long value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode holder_curl_set_string(CURL *handle, CURLoption option, const char *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode holder_curl_set_list(CURL *handle, CURLoption option, struct curl_slist *value) {
  return curl_easy_setopt(handle, option, value);
}

typedef size_t (*holder_curl_write_callback)(char *data, size_t size, size_t count, void *context);

static inline CURLcode holder_curl_set_writer(CURL *handle, holder_curl_write_callback writer,
                                              void *context) {
  CURLcode code = curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, writer);
  return code != CURLE_OK ? code : curl_easy_setopt(handle, CURLOPT_WRITEDATA, context);
}

static inline long holder_curl_info_long(CURL *handle, CURLINFO info) {
  long value = 0;
  return curl_easy_getinfo(handle, info, &value) == CURLE_OK ? value : 0;
}

/* The string belongs to the handle and lives until its next transfer. */
static inline const char *holder_curl_info_string(CURL *handle, CURLINFO info) {
  char *value = NULL;
  return curl_easy_getinfo(handle, info, &value) == CURLE_OK ? value : NULL;
}

static inline CURLcode holder_curl_global_init(void) { return curl_global_init(CURL_GLOBAL_ALL); }
#endif
