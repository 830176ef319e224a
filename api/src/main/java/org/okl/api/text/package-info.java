/**
 * Text from users' files in messages: {@link org.okl.api.text.UserText} quotes it with control characters escaped and
 * cuts it to a readable length, so that a file's bytes never reach a terminal raw.
 */
package org.okl.api.text;
