/** Real frames quoted in the protocol notes (Traccar's tests and the vendor document). */
export const REAL_FRAMES = {
  linkShort: '[SG*8800000015*0002*LK]',
  link: '[3G*4700186508*000B*LK,0,10,100]',
  /** LEN says 9, the content is 8 bytes. */
  linkWrongLength: '[SG*9081000548*0009*LK,0,100]',
  linkIndexed: '[ZJ*014111001350304*0034*0009*LK,0,0,19]',
  upload2:
    '[3G*4700222306*011F*UD2,120316,140444,A,48.779045,N, 9.1574736,E,0.57,12.8,0.0,7,28,77,0,0,00000000,2,2,262,1,21041,9067,121,21041,5981,116,5,WG-Superlativ,34:31:c4:c8:a9:22,-67,EasyBox-28E858,18:83:bf:28:e8:f4,-70,MoMaXXg,be:05:43:b7:19:15,-72,MoMaXX2,bc:05:43:b7:19:15,-72,Gastzugang,18:83:bf:28:e8:f5,-72]',
  sos: '[3G*6907919734*003e*AL_LTE,170525,214118,V,0,N,0,E,0,0,0,0,0,22,0,0,00010000,0,0,0]',
  fall: '[3G*8308373902*0080*AL,230817,095346,A,47.083950,N,15.4821850,E,7.60,273.8,0.0,4,15,44,0,0,00200010,2,255,232,1,7605,42530,118,7605,58036,119,0,65.8]',
  config: '[3G*8800000015*001E*CONFIG,TY:G75,UL:600,SY:1,CM:1]',
  pulse: '[CS*8800000015*0008*PULSE,72]',
  bloodPressure: '[3G*4700609403*0013*bphrt,120,79,73,,,,]',
  oxygen: '[3G*9705141740*000B*oxygen,0,98]',
  voiceQuery: '[3G*9705141740*0003*TKQ]',
  commandEcho: '[3G*8800000015*0006*UPLOAD]',
  /** The SSID with raw brackets Traccar's frame decoder test uses, in a UD frame (LEN deliberately wrong). */
  bracketSsid:
    '[3G*1234567890*0010*UD,010121,101010,A,55.6761,N,12.5683,E,0.0,0.0,10,6,80,70,0,0,00000000,0,1,[LG_Wall-Mount A/C]e725,aa:bb:cc:dd:ee:ff,-60,15]',
} as const;
