/** Which network server's format an uplink came in (the product's own signed report keeps its own route). */
export type UplinkSource = 'chirpstack' | 'ttn' | 'ctwing' | 'onenet';

/**
 * One uplink as every source hands it to the pipeline (ingest-uplink.ts), whatever the network
 * server's JSON looked like: who sent it, its bytes or the reading the network server already
 * decoded, the radio's metadata, and a key that makes a redelivery recognisable.
 */
export interface Uplink {
  source: UplinkSource;
  /**
   * `up`: a reading (bytes or decoded). `status`: the network server's own measure of the device
   * (ChirpStack's status event: networkBattery only), kept for uplinks that carry no battery.
   * `online` / `offline`: the platform's word on the connection (CTWing's deviceOnlineOfflineReport).
   */
  kind: 'up' | 'status' | 'online' | 'offline';
  /** LoRaWAN devices: the DevEUI, 16 lower-case hex digits. */
  devEui?: string;
  /** NB-IoT devices: the IMEI, 15 digits. */
  imei?: string;
  fPort?: number;
  fCnt?: number;
  /** The application payload (FRMPayload, or CTWing's APPdata), to be decoded by the device's model codec. */
  payload?: Buffer;
  /** A reading the network server decoded already (ChirpStack's `object`, TTN's `decoded_payload`), used when there are no bytes to decode. */
  decoded?: Record<string, unknown>;
  /** Battery (%) the network server measured (ChirpStack's status event): used only when the payload carries none. */
  networkBattery?: number;
  /** Best RSSI (dBm) and SNR (dB) over the gateways that heard it, and that gateway's id. */
  rssi?: number;
  snr?: number;
  gateway?: string;
  /** When the network server received it. */
  at: Date;
  /**
   * The network server's id for this uplink (ChirpStack's deduplicationId, TTN's correlation id,
   * CTWing's / OneNET's message id): the same key twice is one uplink delivered twice.
   */
  dedupKey?: string;
}

/** What a source makes of a message: the uplinks in it, or why it is not one it can read. */
export type ParsedMessage = { ok: true; uplinks: Uplink[] } | { ok: false; reason: string };

