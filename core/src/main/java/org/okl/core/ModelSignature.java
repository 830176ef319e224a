package org.okl.core;

/**
 * The signature a model file carries ({@code docs/model-format.md}): the fingerprint of the key that signed it
 * ({@code sha256:} and 64 hex digits, {@link org.okl.core.signing.SigningKeys#fingerprint}) and whether it was
 * verified. A model loaded with a {@link TrustPolicy} that requires signatures has a verified signature by a trusted
 * key; one loaded without has its signature's claimed fingerprint, unchecked.
 *
 * @param fingerprint the fingerprint of the signing key (well-formed; as the file states it unless verified)
 * @param verified    whether the signature was checked against a trusted key and the file's checksums
 */
public record ModelSignature(String fingerprint, boolean verified) {
}
